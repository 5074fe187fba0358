/** The device entry (per account) saying this account could browse at its last launch here: the start-up script and the app read it. */
export const MAY_BROWSE_KEY = 'explore.mayBrowse';
