export { FollowMe } from './follow-me';
export { distanceM, formatDistance, stationToTrigger } from './geo';
