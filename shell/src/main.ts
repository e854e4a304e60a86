import { whenFirstScreenShown } from './mf/first-screen-wait';

// The async boundary: shared singletons are negotiated before any React code runs. The shell's code (downloading
// since the HTML) runs once the route's first screen, if the HTML paints one, is on screen (first-screen-wait.ts).
void whenFirstScreenShown().then(() => import('./bootstrap'));
