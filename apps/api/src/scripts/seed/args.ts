/** Command-line options of `pnpm seed:demo`: --force, --password=<clave>, --seed=<n>. */
export interface SeedArgs {
  force: boolean;
  password?: string;
  seed: number;
}

export function parseSeedArgs(argv: string[]): SeedArgs {
  const args: SeedArgs = { force: false, seed: 20_261_122 };
  for (const arg of argv) {
    if (arg === '--force') args.force = true;
    else if (arg.startsWith('--password=')) args.password = arg.slice('--password='.length);
    else if (arg.startsWith('--seed=') && Number.isInteger(Number(arg.slice(7)))) args.seed = Number(arg.slice(7));
    else if (arg !== '--') throw new Error(`Opción desconocida: ${arg} (usa --force, --password=<clave>, --seed=<n>)`);
  }
  if (args.password !== undefined && args.password.length < 6) {
    throw new Error('La contraseña debe tener al menos 6 caracteres');
  }
  return args;
}
