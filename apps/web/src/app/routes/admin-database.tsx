import { AdminDbScreen } from '../../features/admin-db/components/admin-db-screen';

export default function AdminDatabaseRoute() {
  return <AdminDbScreen />;
}
