import '@wayfarer/ui/styles.css';
import { mountStandalone } from '@wayfarer/session';
import App from './app/routes';

mountStandalone(App, 'marketing');
