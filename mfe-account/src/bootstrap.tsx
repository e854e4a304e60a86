import '@wayfarer/ui/styles.css';
import { mountStandalone } from '@wayfarer/session/harness';
import { Toaster } from '@wayfarer/ui';
import App from './app/routes';

mountStandalone(App, 'account', <Toaster />);
