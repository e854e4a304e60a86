// The installable app: the service worker's registration and its update prompt.
export { startPwa } from './start-pwa';
export { UpdatePrompt } from './update-prompt';
