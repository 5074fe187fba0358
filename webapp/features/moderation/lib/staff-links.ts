import { useLocation } from 'react-router-dom';

const inAdminArea = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

/**
 * The review screens are shared by /moderation and /admin: their links stay in the area they were opened from,
 * so an admin reviewing from the admin panel never lands in /moderation (moderation-admin.md §2).
 */
export function useStaffLinks() {
  const admin = inAdminArea(useLocation().pathname);
  return {
    /** 'Все разделы': the moderation hub, or the admin's profiles menu (the admin area has no hub). */
    allSections: admin ? '/admin/profiles' : '/moderation',
    /** A queue's link (written for /moderation) in the current area. */
    queue: (to: string) => (admin ? to.replace(/^\/moderation\//, '/admin/') : to),
  };
}
