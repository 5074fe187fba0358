// The administration area's contracts, one file per area; importers keep `contracts/admin`.
export * from './admin-messages';
export * from './user-id';
export * from './user-details';
export * from './user-edits';
export * from './stats';
export * from './db-browser';
