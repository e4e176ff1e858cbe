/** The file-format help of 'Importar Leads': which columns, delimiters and encodings the import reads (docs/import-format.md). */
import { Accordion, Code, List, Text } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';

const SAMPLE = `name,categoryName,email,phone,address,domain,description
Clínica Dental Sonrisa,dentist,info@sonrisa.es,+34 912 345 678,"Calle Mayor 1, Madrid",sonrisa.es,Interesada en la demo
Bufete Pérez,abogado,,11 2345 6789,,,`;

export function ImportFormatHelp() {
  return (
    <Accordion variant="contained" radius="md">
      <Accordion.Item value="format">
        <Accordion.Control icon={<IconHelpCircle size={18} />}>Formato del archivo</Accordion.Control>
        <Accordion.Panel>
          <List size="sm" spacing={4}>
            <List.Item>La primera fila lleva los nombres de las columnas.</List.Item>
            <List.Item>
              Obligatorias: <Code>name</Code> (o <Code>title</Code>) y <Code>categoryName</Code>.
            </List.Item>
            <List.Item>
              Opcionales: <Code>email</Code>, <Code>phone</Code>, <Code>address</Code>, <Code>domain</Code> (o <Code>website</Code>) y{' '}
              <Code>description</Code>.
            </List.Item>
            <List.Item>
              También se reconocen sus nombres en español (nombre, empresa, categoría, rubro, correo, teléfono, móvil, web, dirección,
              notas…); la vista previa muestra qué columna va a cada campo y puedes cambiarlo.
            </List.Item>
            <List.Item>
              Excel (.xlsx): se lee la hoja que elijas (la primera si no eliges), con fechas y números como los muestra Excel.
            </List.Item>
            <List.Item>Separador: coma, punto y coma o tabulador. Codificación UTF-8 o la de Excel (Windows-1252).</List.Item>
            <List.Item>
              La categoría se deduce de <Code>categoryName</Code> (por ejemplo, abogado → Legal, clínica → Salud); si no se reconoce, queda
              como Otros.
            </List.Item>
            <List.Item>Se omiten las filas sin nombre y las que repiten un email o teléfono ya existente.</List.Item>
          </List>
          <Text size="sm" mt="sm" mb={4}>
            Ejemplo:
          </Text>
          <Code block style={{ whiteSpace: 'pre', overflowX: 'auto' }}>
            {SAMPLE}
          </Code>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
