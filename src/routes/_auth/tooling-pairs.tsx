import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../components/Placeholder.tsx';

export const Route = createFileRoute('/_auth/tooling-pairs')({
  component: () => <Placeholder title="Tooling Pairs" />,
});
