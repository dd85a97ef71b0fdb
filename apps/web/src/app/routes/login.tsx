import { LoginScreen } from '../../features/login/components/login-screen';

export default function LoginRoute() {
  return <LoginScreen />;
}
