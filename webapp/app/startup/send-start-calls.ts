// Imported first by main.tsx: the start-up calls leave as soon as the code they need is evaluated.
import { beginStartCalls } from './start-calls';

beginStartCalls();
