import type { MyProfile } from '../../../../contracts/profile';
import { lookingForLabels, orientationLabel } from '../../../components/profile-card/profile-labels';
import { ListRow, ListSection } from '../../../components/ui/list-section';
import { fieldValueText, NOT_SET } from '../lib/edit-fields';

export type EditorKind = 'photos' | 'displayName' | 'city' | 'bio' | 'gender' | 'lookingFor' | 'heightCm';

const short = (text: string | null, max = 26) => (text && text.length > max ? `${text.slice(0, max - 1)}…` : (text ?? NOT_SET));

/** The editable fields of one's own profile; each row opens its sheet. */
export function MyProfileFields({ profile, onEdit }: { profile: MyProfile; onEdit: (kind: EditorKind) => void }) {
  return (
    <ListSection title="Редактировать анкету" footer="Изменения появятся в анкете после проверки модератором.">
      <ListRow icon="camera" label="Фото" value={`${profile.photos.length} из 3`} onClick={() => onEdit('photos')} testId="edit-photos" />
      <ListRow icon="user" label="Имя" value={short(profile.displayName)} onClick={() => onEdit('displayName')} testId="edit-displayName" />
      <ListRow icon="cards" label="Город" value={short(profile.city)} onClick={() => onEdit('city')} testId="edit-city" />
      <ListRow icon="pencil" label="О себе" value={short(profile.bio, 22)} onClick={() => onEdit('bio')} testId="edit-bio" />
      <ListRow
        icon="heart"
        label="Ориентация"
        value={orientationLabel(profile.gender) ?? NOT_SET}
        onClick={() => onEdit('gender')}
        testId="edit-gender"
      />
      <ListRow
        icon="search"
        label="Что ищу"
        value={short(lookingForLabels(profile.lookingFor).join(', ') || null)}
        onClick={() => onEdit('lookingFor')}
        testId="edit-lookingFor"
      />
      <ListRow
        icon="chart"
        label="Рост"
        value={fieldValueText('heightCm', profile.heightCm)}
        onClick={() => onEdit('heightCm')}
        testId="edit-heightCm"
      />
    </ListSection>
  );
}
