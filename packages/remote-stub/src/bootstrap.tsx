import { mountStandalone } from '@wayfarer/session/harness';
import StubApp, { stubName } from './stub-app';

mountStandalone(StubApp, stubName());
