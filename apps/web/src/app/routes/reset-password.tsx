import { ResetPasswordScreen } from '../../features/reset-password/components/reset-password-screen';

export default function ResetPasswordRoute() {
  return <ResetPasswordScreen />;
}
