import type { User } from '../../domain/account';

/** Shown when the user has not uploaded a profile image (spec §9 "Default avatar"). */
export const DEFAULT_AVATAR = '/default-avatar.svg';

interface UserAvatarProps {
  user: Pick<User, 'image'>;
  /** Rendered size in CSS pixels (the stored image is 256 px square). */
  size: number;
  alt: string;
  className?: string;
}

/** The user's profile image, or the default avatar, as a circle. */
export function UserAvatar({ user, size, alt, className = '' }: UserAvatarProps) {
  return (
    <img
      src={user.image ?? DEFAULT_AVATAR}
      alt={alt}
      width={size}
      height={size}
      decoding="async"
      className={`shrink-0 rounded-full bg-paper object-cover ${className}`}
    />
  );
}
