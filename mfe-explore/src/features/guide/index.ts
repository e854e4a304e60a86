// The guide feature's public API: the generator, the player and the station title rule.
export { GenerateGuide } from './generate-guide';
export { GuidePlayer, NO_PLAY_REQUEST, type PlayRequest } from './guide-player';
export { stationTitle } from './transcript';
