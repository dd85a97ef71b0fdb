import { PhoneLoginScreen } from '../../features/phone-login/components/phone-login-screen';

export default function PhoneLoginRoute() {
  return <PhoneLoginScreen />;
}
