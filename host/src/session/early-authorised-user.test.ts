import type { AuthorisedUser } from '@portal/shared/api/types';
import { fetchAuthorisedUser } from './authorised-user-api';
import { startAuthorisedUser, takeAuthorisedUser } from './early-authorised-user';

jest.mock('./authorised-user-api', () => ({ fetchAuthorisedUser: jest.fn() }));

const fetchMock = jest.mocked(fetchAuthorisedUser);
const alex = { userID: 'user-1' } as AuthorisedUser;
const sam = { userID: 'user-2' } as AuthorisedUser;

describe('the authorised user asked for early', () => {
  beforeEach(() => fetchMock.mockReset());

  it('without an early request, asks the server with the caller signal', async () => {
    fetchMock.mockResolvedValue(alex);
    const controller = new AbortController();
    await expect(takeAuthorisedUser(controller.signal)).resolves.toBe(alex);
    expect(fetchMock).toHaveBeenCalledWith(controller.signal);
  });

  it('hands the early answer to the first caller, without a second request', async () => {
    fetchMock.mockResolvedValue(alex);
    startAuthorisedUser();
    await expect(takeAuthorisedUser()).resolves.toBe(alex);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks again for every later caller (a reload after the first load)', async () => {
    fetchMock.mockResolvedValueOnce(alex).mockResolvedValueOnce(sam);
    startAuthorisedUser();
    await takeAuthorisedUser();
    await expect(takeAuthorisedUser()).resolves.toBe(sam);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks again when the early request failed, so the error is the caller’s own', async () => {
    fetchMock.mockRejectedValueOnce(new Error('early failure')).mockResolvedValueOnce(alex);
    startAuthorisedUser();
    await expect(takeAuthorisedUser()).resolves.toBe(alex);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('drops the early answer as a cancelled request when the caller has gone', async () => {
    fetchMock.mockResolvedValue(alex);
    startAuthorisedUser();
    const controller = new AbortController();
    controller.abort();
    await expect(takeAuthorisedUser(controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});
