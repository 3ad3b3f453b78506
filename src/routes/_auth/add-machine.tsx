import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../components/Placeholder.tsx';

export const Route = createFileRoute('/_auth/add-machine')({
  component: () => <Placeholder title="Add Machine" />,
});
