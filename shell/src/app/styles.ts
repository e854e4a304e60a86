// The shell's styles (the design system's, then its own), injected when this module is evaluated.
import '@wayfarer/ui/styles.css';
import './shell.css';
