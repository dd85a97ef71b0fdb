import { ChangePasswordScreen } from '../../features/change-password/components/change-password-screen';

export default function ChangePasswordRoute() {
  return <ChangePasswordScreen />;
}
