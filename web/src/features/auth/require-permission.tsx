import type { ReactNode } from 'react';
import { forbiddenMessage, type Action } from '../../../../core/src/index';
import { Banner } from '../../components/ui/banner';
import { useCan } from './permissions';

/**
 * A page (or part) offered only to members whose roles allow `action` (issue 18). A member who opens
 * it anyway (a bookmark, a typed URL) reads why, in the server's own words, instead of a form the API would refuse.
 */
export function RequirePermission({ action, children }: { action: Action; children: ReactNode }) {
  if (useCan(action)) return <>{children}</>;
  return (
    <Banner variant="warning" title="Ação não permitida">
      {forbiddenMessage(action)}
    </Banner>
  );
}
