#!/usr/bin/env node
// Thin launcher: registers tsx so the TypeScript CLI and the app's webpack config load without a build step.
import { register } from 'tsx/esm/api';
register();
await import('../src/cli.ts');
