import type { SignupResult } from '@despacho/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { RegistrationForm } from '../components/RegistrationForm';
import { SignupEmailForm } from '../components/SignupEmailForm';
import { verifyPath } from '../signup-state';

/** Sign-up: the email first, then the user's details; the phone code comes next. */
export function RegisterPage() {
  const navigate = useNavigate();
  const [signup, setSignup] = useState<SignupResult | null>(null);
  if (!signup) return <SignupEmailForm onDone={setSignup} />;
  return (
    <RegistrationForm signup={signup} onDone={(result) => void navigate(...verifyPath(result))} />
  );
}
