/**
 * The signed-in routes (screens per role: docs/roles-and-permissions.md); each page is its own chunk,
 * loaded with retries (lib/lazy-screen.tsx).
 */
import { Route, Routes } from 'react-router-dom';
import { lazyScreen } from './lib/lazy-screen';

const DashboardPage = lazyScreen(() => import('./pages/Dashboard.page'));
const LeadsPage = lazyScreen(() => import('./pages/Leads.page'));
const LeadPage = lazyScreen(() => import('./pages/Lead.page'));
const PipelinePage = lazyScreen(() => import('./pages/Pipeline.page'));
const ChatPage = lazyScreen(() => import('./pages/Chat.page'));
const WhatsAppPage = lazyScreen(() => import('./pages/WhatsApp.page'));
const TeamPage = lazyScreen(() => import('./pages/Team.page'));
const UserManagementPage = lazyScreen(() => import('./pages/UserManagement.page'));
const RoleManagementPage = lazyScreen(() => import('./pages/RoleManagement.page'));
const AnalyticsPage = lazyScreen(() => import('./pages/Analytics.page'));
const ProfilePage = lazyScreen(() => import('./pages/Profile.page'));
const ApiTokensPage = lazyScreen(() => import('./pages/ApiTokens.page'));
const SettingsPage = lazyScreen(() => import('./pages/Settings.page'));
const WebFormsPage = lazyScreen(() => import('./pages/WebForms.page'));
const NotFoundPage = lazyScreen(() => import('./pages/NotFound.page'));

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<DashboardPage />} />
      <Route path="/leads" element={<LeadsPage />} />
      <Route path="/leads/:id" element={<LeadPage />} />
      <Route path="/pipeline" element={<PipelinePage />} />
      <Route path="/chat" element={<ChatPage />} />
      <Route path="/whatsapp" element={<WhatsAppPage />} />
      <Route path="/team" element={<TeamPage />} />
      <Route path="/user-management" element={<UserManagementPage />} />
      <Route path="/role-management" element={<RoleManagementPage />} />
      <Route path="/analytics" element={<AnalyticsPage />} />
      <Route path="/profile" element={<ProfilePage />} />
      <Route path="/profile/tokens" element={<ApiTokensPage />} />
      <Route path="/configuracion" element={<SettingsPage />} />
      <Route path="/configuracion/webhooks" element={<SettingsPage />} />
      <Route path="/configuracion/whatsapp" element={<SettingsPage />} />
      <Route path="/configuracion/auditoria" element={<SettingsPage />} />
      <Route path="/configuracion/campos" element={<SettingsPage />} />
      <Route path="/formularios" element={<WebFormsPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
