/** The sidebar's items: route, label, icon and the screen whose roles see it. */
import type { Screen } from '@crm/domain';
import {
  IconBrandWhatsapp,
  IconChartBar,
  IconForms,
  IconLayoutDashboard,
  IconLayoutKanban,
  IconMessageCircle,
  IconShieldCheck,
  IconTargetArrow,
  IconSettings,
  IconUser,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

export interface NavItem {
  path: string;
  label: string;
  screen: Screen;
  icon: ComponentType<{ size?: number; stroke?: number }>;
}

export const NAV_ITEMS: NavItem[] = [
  { path: '/', label: 'Resumen', screen: 'dashboard', icon: IconLayoutDashboard },
  { path: '/leads', label: 'Leads', screen: 'leads', icon: IconTargetArrow },
  { path: '/pipeline', label: 'Embudo', screen: 'leads', icon: IconLayoutKanban },
  { path: '/chat', label: 'Chat', screen: 'chat', icon: IconMessageCircle },
  { path: '/whatsapp', label: 'WhatsApp', screen: 'whatsapp', icon: IconBrandWhatsapp },
  { path: '/team', label: 'Equipo', screen: 'team', icon: IconUsersGroup },
  { path: '/user-management', label: 'Gestión de Usuarios', screen: 'userManagement', icon: IconUsers },
  { path: '/role-management', label: 'Roles Personalizados', screen: 'roleManagement', icon: IconShieldCheck },
  { path: '/formularios', label: 'Formularios', screen: 'webForms', icon: IconForms },
  { path: '/analytics', label: 'Análisis', screen: 'analytics', icon: IconChartBar },
  { path: '/profile', label: 'Perfil', screen: 'profile', icon: IconUser },
  { path: '/configuracion', label: 'Configuración', screen: 'settings', icon: IconSettings },
];
