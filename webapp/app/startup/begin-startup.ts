// Imported by main.tsx right after the calls are sent, so start-up runs while React and the screens are evaluated.
import { beginStartup } from './early-startup';

beginStartup();
