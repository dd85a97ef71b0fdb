import { ProfileScreen } from '../../features/profile/components/profile-screen';

export default function ProfileRoute() {
  return <ProfileScreen />;
}
