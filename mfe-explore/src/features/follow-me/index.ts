export { FollowMe } from './follow-me';
export { formatDistance } from './geo';
