/**
 * What the start prints once it listens: the address and, on the first start without ADMIN_PASSWORD,
 * the generated password. The password comes last, after 'CRM listo': with request logging at `info`
 * (one line per request) anything printed earlier scrolls away as soon as the first browser connects.
 */
export interface GeneratedAdmin {
  username: string;
  password: string;
}

export function startupBanner(url: string, generatedAdmin: GeneratedAdmin | null): string {
  const lines = [`  CRM listo en ${url}`];
  if (generatedAdmin) {
    lines.push(
      `  Primer administrador → usuario: ${generatedAdmin.username}  contraseña: ${generatedAdmin.password}`,
      '  (se muestra solo esta vez: cámbiala en Perfil)',
    );
  }
  return `\n${lines.join('\n')}\n`;
}
