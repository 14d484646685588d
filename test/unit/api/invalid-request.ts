import { InvalidRequestError } from '../../../shared/api';

/** The InvalidRequestError `run` throws; fails the test when it throws nothing or something else. */
export function invalidRequestOf(run: () => unknown): InvalidRequestError {
  try {
    run();
  } catch (error) {
    if (error instanceof InvalidRequestError) return error;
    throw error;
  }
  throw new Error('expected an InvalidRequestError, but nothing was thrown');
}
