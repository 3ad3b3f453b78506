import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../components/Placeholder.tsx';

export const Route = createFileRoute('/_auth/qbot')({
  component: () => <Placeholder title="Q-Bot" />,
});
