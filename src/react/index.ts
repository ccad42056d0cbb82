export { Avatar, type AvatarProps } from './avatar/Avatar';
export { AVATAR_COLORS, colorForName, initialsOf, safeImageUrl } from './avatar/initials';
