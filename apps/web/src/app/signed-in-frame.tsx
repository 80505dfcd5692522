import { Layout } from './layout';
import { RequireAuth } from './require-auth';

/**
 * The signed-in app's frame: the guard (with the session approval) around the layout with its top
 * bar, search, menus and navigation. A chunk of its own, loaded beside the first signed-in page,
 * so that the sign-in screens do not carry it.
 */
export function SignedInFrame() {
  return (
    <RequireAuth>
      <Layout />
    </RequireAuth>
  );
}
