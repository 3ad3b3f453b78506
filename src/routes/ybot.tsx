import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../components/Placeholder.tsx';

export const Route = createFileRoute('/ybot')({
  component: () => <Placeholder title="Y-Bot" />,
});
