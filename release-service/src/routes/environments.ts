/** A path's environment name checked against the known environments: 404 with the list otherwise. */
import { ApiError } from 'service-kit';
import { isReleaseEnvironment, RELEASE_ENVIRONMENTS, type ReleaseEnvironment } from 'shared-releases';
import { RELEASE_MESSAGES } from '../releases/messages';

export function environmentNamed(name: string): ReleaseEnvironment {
  if (!isReleaseEnvironment(name))
    throw new ApiError(404, RELEASE_MESSAGES.unknownEnvironment(name, RELEASE_ENVIRONMENTS));
  return name;
}
