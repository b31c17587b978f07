// `npm start`: the server bundle (rebuilt first when its sources changed), in this same process.
import { pathToFileURL } from 'node:url';
import { buildServer, isServerBuildStale, SERVER_ENTRY } from './build-server.mjs';

if (isServerBuildStale()) {
  console.log('Building the server (missing or older than its sources)...');
  await buildServer();
}
await import(pathToFileURL(SERVER_ENTRY).href);
