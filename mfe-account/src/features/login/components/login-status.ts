/** The page's server message and info, shared by the four mode forms (a mode switch clears both). */
export interface LoginStatus {
  error: string | null;
  info: string | null;
  setError: (message: string | null) => void;
  setInfo: (message: string | null) => void;
}

/** 'Stay logged in' as the login and sign-up forms show it. */
export interface StayProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
}
