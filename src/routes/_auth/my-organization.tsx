import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../components/Placeholder.tsx';

export const Route = createFileRoute('/_auth/my-organization')({
  component: () => <Placeholder title="My Organization" />,
});
