import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * Installs podman and docker-compose when missing and builds the stand-ins for the official base
 * images (prepare.sh): minutes the first time on a new machine, about a second after that.
 */
export default function prepareThisMachine(): void {
  execFileSync('bash', [join(import.meta.dirname, 'prepare.sh')], { stdio: 'inherit' });
}
