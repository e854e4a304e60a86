export { GuidePlayer, NO_PLAY_REQUEST, type PlayRequest } from './guide-player';
export { GenerateGuide } from './generate-guide';
export { stationTitle, toPlayerStations, type PlayableStation } from './transcript';
export { useSightGuide } from './api/guide-queries';
export { defaultGuideLanguage } from './utils/guide-language';
export { useGuideLanguage } from './hooks/use-guide-language';
