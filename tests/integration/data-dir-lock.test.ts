import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../src/server/db/data-dir-lock.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('data directory lock', () => {
  it('refuses a directory held by a running process', () => {
    const dir = tempDir();
    // pid 1 always runs: a lock held by it must be respected.
    fs.writeFileSync(path.join(dir, 'shop.lock'), '1');
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another process \(pid 1\)/);
  });

  it('takes over a lock left by a process that died', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'shop.lock'), '2147483646');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'shop.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'shop.lock'))).toBe(false);
  });

  it('can be taken again after release, and a stale release leaves the new holder alone', () => {
    const dir = tempDir();
    const lockFile = path.join(dir, 'shop.lock');
    const first = lockDataDir(dir);
    first();
    expect(fs.existsSync(lockFile), 'released').toBe(false);
    const second = lockDataDir(dir);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    // Releasing the first lock again must not free the directory the second one now holds.
    first();
    expect(fs.existsSync(lockFile), 'held by the second lock').toBe(true);
    second();
    expect(fs.existsSync(lockFile), 'released again').toBe(false);
  });
});
