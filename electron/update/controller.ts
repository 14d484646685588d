import type { UpdateStatus } from '../../shared/ipc/update-status';
import { nextUpdate, type Transition, type UpdateEvent } from './machine';

export interface UpdateController {
  status(): UpdateStatus;
  /** Applies the event, tells `notify` when the status changed, and returns the effects to run. */
  dispatch(event: UpdateEvent): Transition;
}

export function createUpdateController(initial: UpdateStatus, notify: (status: UpdateStatus) => void): UpdateController {
  let current = initial;
  return {
    status: () => current,
    dispatch(event) {
      const transition = nextUpdate(current, event);
      const changed = JSON.stringify(transition.status) !== JSON.stringify(current);
      current = transition.status;
      if (changed) notify(current);
      return transition;
    },
  };
}
