export {
  createWebpackConfig,
  SERVICE_WORKER_FILE,
  WEB_MANIFEST_FILE,
  type AppFederationConfig,
  type BuildOptions,
  type PageChunks,
  type PwaConfig,
} from './webpack';
export { sharedSingletons } from './shared';
export { readEnv, runtimeConfig, runtimeConfigScript, remoteMap, makeAnonKey, type FrontEnv } from './env';
export { createStaticServer, listenHost, type StaticServerOptions } from './serve';
export { runGenerate } from './generate';
