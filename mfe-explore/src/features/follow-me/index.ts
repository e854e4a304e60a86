// The follow-me feature's public API: the control and its distance helpers.
export { FollowMe } from './follow-me';
export { distanceM, formatDistance, stationToTrigger } from './geo';
