/** The signed-in routes (screens per role: docs/roles-and-permissions.md); each page is its own chunk. */
import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';

const DashboardPage = lazy(() => import('./pages/Dashboard.page'));
const LeadsPage = lazy(() => import('./pages/Leads.page'));
const LeadPage = lazy(() => import('./pages/Lead.page'));
const PipelinePage = lazy(() => import('./pages/Pipeline.page'));
const ChatPage = lazy(() => import('./pages/Chat.page'));
const TeamPage = lazy(() => import('./pages/Team.page'));
const UserManagementPage = lazy(() => import('./pages/UserManagement.page'));
const RoleManagementPage = lazy(() => import('./pages/RoleManagement.page'));
const AnalyticsPage = lazy(() => import('./pages/Analytics.page'));
const ProfilePage = lazy(() => import('./pages/Profile.page'));
const SettingsPage = lazy(() => import('./pages/Settings.page'));
const NotFoundPage = lazy(() => import('./pages/NotFound.page'));

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<DashboardPage />} />
      <Route path="/leads" element={<LeadsPage />} />
      <Route path="/leads/:id" element={<LeadPage />} />
      <Route path="/pipeline" element={<PipelinePage />} />
      <Route path="/chat" element={<ChatPage />} />
      <Route path="/team" element={<TeamPage />} />
      <Route path="/user-management" element={<UserManagementPage />} />
      <Route path="/role-management" element={<RoleManagementPage />} />
      <Route path="/analytics" element={<AnalyticsPage />} />
      <Route path="/profile" element={<ProfilePage />} />
      <Route path="/configuracion" element={<SettingsPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
