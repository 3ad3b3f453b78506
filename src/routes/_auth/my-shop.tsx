import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../components/Placeholder.tsx';

export const Route = createFileRoute('/_auth/my-shop')({
  component: () => <Placeholder title="My Shop Machines" />,
});
