import { mountStandalone } from '@wayfarer/session';
import StubApp, { stubName } from './stub-app';

mountStandalone(StubApp, stubName());
