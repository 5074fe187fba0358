/** The explore screen's paths: the app's root lands there. */
export const isExplorePath = (path: string) => path === '/' || path === '/explore';
