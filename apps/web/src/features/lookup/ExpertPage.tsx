/** /databaseData/expert (S2 L52): 专家库, the expert pool's tree, specialities and certificates. */
import { TalentPool } from './TalentPage';

export default function ExpertPage() {
  return <TalentPool pool="expert" />;
}
