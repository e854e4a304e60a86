export { createWebpackConfig, type AppFederationConfig, type BuildOptions } from './webpack';
export { sharedSingletons } from './shared';
export { readEnv, runtimeConfig, runtimeConfigScript, remoteMap, makeAnonKey, type FrontEnv } from './env';
export { createStaticServer, type StaticServerOptions } from './serve';
export { runGenerate } from './generate';
