// Imported first by main.tsx, so the start-up calls leave before React and the screens are evaluated.
import { beginStartup } from './start-calls';

beginStartup();
