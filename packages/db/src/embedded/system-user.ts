/**
 * PostgreSQL refuses to run as root. When the API runs as root (a bare server, this machine), the
 * embedded server runs as a dedicated system user, created once; otherwise as the API's own user.
 */
import { execFile } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

const EMBEDDED_SYSTEM_USER = 'crm-postgres';

export interface RunAs {
  uid?: number;
  gid?: number;
}

export async function serverUser(): Promise<RunAs> {
  if (process.getuid?.() !== 0) return {};
  const ids = await userIds().catch(async () => {
    await run('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--home-dir',
      '/nonexistent',
      '--shell',
      '/usr/sbin/nologin',
      EMBEDDED_SYSTEM_USER,
    ]);
    return userIds();
  });
  return ids;
}

async function userIds(): Promise<Required<RunAs>> {
  const [uid, gid] = await Promise.all([
    run('id', ['-u', EMBEDDED_SYSTEM_USER]).then(({ stdout }) => Number(stdout.trim())),
    run('id', ['-g', EMBEDDED_SYSTEM_USER]).then(({ stdout }) => Number(stdout.trim())),
  ]);
  return { uid, gid };
}

/**
 * The server's user must reach the binaries and the data folder through every parent folder; under a
 * private home (root's /root is 0700) it cannot, and PostgreSQL would fail with a bare EACCES.
 */
export async function assertReachable(paths: string[], user: RunAs): Promise<void> {
  if (user.uid === undefined) {
    await Promise.all(paths.map((path) => access(path, constants.R_OK)));
    return;
  }
  for (const path of paths) {
    const reachable = await run('setpriv', [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', 'test', '-r', path]).then(
      () => true,
      () => false,
    );
    if (!reachable) {
      throw new Error(
        `La base de datos integrada se ejecuta como el usuario del sistema ${EMBEDDED_SYSTEM_USER}, que no puede leer ${path} ` +
          '(¿una carpeta dentro de un directorio privado como /root?). Instala el proyecto y DATA_DIR en una carpeta accesible, ' +
          'ejecútalo con un usuario sin privilegios o indica un PostgreSQL propio con DATABASE_URL.',
      );
    }
  }
}
