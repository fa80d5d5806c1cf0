import { ListView } from '../../../components/ui/list-view';
import { Section } from '../../../components/ui/section';

/** One shelf of the home page (recommended, hot, latest). */
export function DramaSection({ title, testId }: { title: string; testId: string }) {
  return (
    <Section title={title} testId={testId}>
      <ListView
        items={[] as const}
        itemKey={(_, index) => index}
        renderItem={() => null}
        label={title}
        testId={`${testId}-list`}
      />
    </Section>
  );
}
